/**
 * The image encoder process (see encode.ts): encodes each variant it is sent and answers with the bytes; ends when its parent disconnects.
 */
import sharp from 'sharp';
import { encodeVariant, type EncodeReply, type EncodeRequest } from './encode.ts';

process.on('message', (request: EncodeRequest) => {
  // The build may have stopped listening (it closes the encoder at its first broken picture): an answer it no longer
  // waits for is dropped, never an unhandled EPIPE with a stack trace on the author's terminal.
  const reply = (message: EncodeReply) => {
    if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
  };
  encodeVariant(sharp(request.bytes), request.job).then(
    (bytes) => reply({ id: request.id, bytes }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
