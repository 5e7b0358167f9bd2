/** The in-memory repository of Decap (the package ships no types), as the browser tests' editor uses it. */
declare module 'decap-cms-backend-test' {
  export class TestBackend {
    normalizeAsset(held: unknown): unknown;
    getMedia(folder?: string): Promise<unknown[]>;
  }
}
