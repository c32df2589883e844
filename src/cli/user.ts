import { runProgram } from './command-line.ts';
import { userProgram } from './user-program.ts';

/** `npm run user:create` and the other user commands: the program, for this process. */
process.exitCode = await runProgram(userProgram);
