/** The one class of Decap's shared library the editor uses (the package ships no types): the error a refused request throws. */
declare module 'decap-cms-lib-util' {
  export class APIError extends Error {
    status: number;
  }
}
