import { readFileSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/**
 * Jest starts the files that took longest last time first, so that no long file starts near the end while the
 * other workers have nothing left (the run is bound by CPU: an idle worker at the end is lost time). Jest keeps
 * those times in its cache; a fresh clone has none, and jest then orders by file size, which started
 * `operations/migrations` (35 s) among the last files: about 23 s of a fresh clone's run went to that tail.
 * Without a time in jest's cache, a file takes its time from `file-durations.json` (a warm run's files of 2 s
 * and more, in seconds: refresh it from a run's timings when the slowest files change); a file in neither
 * counts as short and is ordered by size, after them. Plain JavaScript: jest loads it untransformed.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const RECORDED = JSON.parse(readFileSync(path.join(import.meta.dirname, 'file-durations.json'), 'utf8'));

export default class SlowestFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const recorded = RECORDED[path.relative(ROOT, test.path).split(path.sep).join('/')];
    if (recorded != null) return recorded * 1000;
    // Under a millisecond, larger files first, as jest's own fallback orders them.
    return (test.context.hasteFS.getSize(test.path) ?? 0) / 1e9;
  }
}
