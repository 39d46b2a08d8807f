import { followInfo, profileSummary, profilesListResult } from '@makan/contract/profiles';
import { describe, expect, it } from 'vitest';
import { expectReaderMatchesSchema } from '../test/reader-equivalence.ts';
import { followInfoReader, profileSummaryReader, profilesListReader } from './profile-readers.ts';

describe('the readers of lists of people read as the contract’s schemas do', () => {
  const pairs = [
    ['followInfo', followInfoReader, followInfo],
    ['profileSummary', profileSummaryReader, profileSummary],
    ['profilesListResult', profilesListReader, profilesListResult],
  ] as const;
  it.each(pairs)('%s', (_name, reader, schema) => {
    expect(expectReaderMatchesSchema(reader, schema)).toBeGreaterThan(10);
  });
});
