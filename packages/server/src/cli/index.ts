// The command line as a library (re-exports only).
export { DEFAULT_DB_PATH, main, type CliIo } from './commands.js';
