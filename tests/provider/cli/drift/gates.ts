/** Work that ends when a scheduling test says (fleetScheduling.test.ts, programTypeCheck.test.ts). */

/** A promise the test settles. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending callback run. */
export const settle = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
