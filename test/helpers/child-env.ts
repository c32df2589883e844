/**
 * What a Node child process of the tests takes from the run's environment when it is otherwise given a clean
 * one: the PATH, and the compile cache the global setup names (NODE_COMPILE_CACHE, inside the repository), so each
 * server or command it starts skips compiling the app's modules again.
 */
export function childProcessBaseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.NODE_COMPILE_CACHE && { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }),
  };
}
