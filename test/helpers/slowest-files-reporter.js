/**
 * A jest reporter that ends the run with the test files that took longest (wall time of each file, as jest
 * measured it), so a contributor sees where `npm test` spends its minutes. Plain JavaScript: jest loads
 * reporters without transforming them. Options: `{ count }` (10 by default).
 */
export default class SlowestFilesReporter {
  #count;

  constructor(_globalConfig, options = {}) {
    this.#count = options.count ?? 10;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .filter((result) => result.perfStats?.end && result.perfStats?.start)
      .map((result) => ({
        file: result.testFilePath.slice(result.testFilePath.lastIndexOf('/test/') + 1),
        seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length === 0) return;
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    const lines = files
      .slice(0, this.#count)
      .map((file) => `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.file}`);
    const wall = (Date.now() - results.startTime) / 1000;
    process.stderr.write(
      `\nSlowest ${Math.min(this.#count, files.length)} of ${files.length} test files ` +
        `(their own wall time; ${total.toFixed(0)} s summed over files, ${wall.toFixed(0)} s for the run):\n` +
        `${lines.join('\n')}\n`,
    );
  }
}
