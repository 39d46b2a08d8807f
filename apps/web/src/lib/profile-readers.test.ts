import { followInfo, profileSummary, profilesListResult } from '@makan/contract/profiles';
import { describe } from 'vitest';
import { itReadsAsItsSchema } from '../test/reader-equivalence.ts';
import { followInfoReader, profileSummaryReader, profilesListReader } from './profile-readers.ts';

describe('the readers of lists of people read as the contract’s schemas do', () => {
  const pairs = [
    ['followInfo', followInfoReader, followInfo],
    ['profileSummary', profileSummaryReader, profileSummary],
    ['profilesListResult', profilesListReader, profilesListResult],
  ] as const;
  itReadsAsItsSchema(pairs);
});
