/**
 * The image encoder process (see encode.ts): encodes each variant it is sent and answers with the bytes; ends when its parent disconnects.
 */
import sharp from 'sharp';
import { encodeVariant, type EncodeReply, type EncodeRequest } from './encode.ts';

process.on('message', (request: EncodeRequest) => {
  const reply = (message: EncodeReply) => process.send?.(message);
  encodeVariant(sharp(request.bytes), request.job).then(
    (bytes) => reply({ id: request.id, bytes }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
