import { fullUser } from '@makan/contract/auth';
import { describe } from 'vitest';
import { itReadsAsItsSchema } from '../../../test/reader-equivalence.ts';
import { fullUserReader } from './readers.ts';

describe('the signed-in user’s reader reads as the contract’s schema does', () => {
  itReadsAsItsSchema([['fullUser', fullUserReader, fullUser]] as const);
});
