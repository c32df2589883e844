import { runProgram } from './command-line.ts';
import { projectProgram } from './project-program.ts';

/** `npm run project:create` and the other project commands: the program, for this process. */
process.exitCode = await runProgram(projectProgram);
