/**
 * Settles like `run()`, or rejects with `onTimeout()` after `ms`. A store call that throws
 * synchronously rejects too; one that settles late is ignored, never an unhandled rejection.
 */
export function withTimeout<T>(run: () => Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    Promise.resolve()
      .then(run)
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
}
