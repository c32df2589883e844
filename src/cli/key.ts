import { runProgram } from './command-line.ts';
import { keyProgram } from './key-program.ts';

/** `npm run key:create` and the other key commands: the program, for this process. */
process.exitCode = await runProgram(keyProgram);
