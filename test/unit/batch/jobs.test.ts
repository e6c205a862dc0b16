// How many worker threads a run gets (src/batch/jobs.ts): --jobs refused when it is not a whole number of 1 or
// more, lowered to the cores available (with one notice) when above them; never more workers than inputs or cores.
import { describe, expect, it } from 'vitest';
import { cappedJobs, jobsNotice, parseJobs } from '../../../src/batch/jobs.js';
import { UsageError } from '../../../src/io/errors.js';

describe('--jobs', () => {
  const told: string[] = [];
  const tell = (line: string) => told.push(line);

  it.each(['0', '-1', '1.5', '2e3', ' 2', '', 'two', '0x10'])('%j is a usage error', (value) => {
    expect(() => parseJobs(value, tell, 4)).toThrow(UsageError);
    expect(() => parseJobs(value, tell, 4)).toThrow(`--jobs ${value}: give a whole number, 1 or more`);
  });

  it('absent: auto; up to the cores: as given, silently', () => {
    told.length = 0;
    expect(parseJobs(undefined, tell, 4)).toBe('auto');
    expect(parseJobs('1', tell, 4)).toBe(1);
    expect(parseJobs('04', tell, 4)).toBe(4);
    expect(told).toEqual([]);
  });

  it.each([['5', 4], ['40', 4], ['99999999999999999999', 4], ['9'.repeat(400), 2], ['2', 1]])('%s on %i cores: lowered to the cores, with a notice', (value, cores) => {
    told.length = 0;
    expect(parseJobs(value, tell, cores)).toBe(cores);
    expect(told).toEqual([jobsNotice(value, cores)]);
    expect(told[0]).toContain(`lowered to ${cores}`);
  });

  it('workers: never more than inputs or cores', () => {
    expect(cappedJobs(8, 3, 4)).toBe(3);
    expect(cappedJobs(8, 100, 4)).toBe(4);
    expect(cappedJobs(2, 100, 4)).toBe(2);
    expect(cappedJobs(Number.MAX_SAFE_INTEGER, 1e9, 2)).toBe(2);
  });
});
