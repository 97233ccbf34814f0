/** A setting of the environment that the server cannot start with; main.ts prints its message and exits. */
export class ConfigError extends Error {}
