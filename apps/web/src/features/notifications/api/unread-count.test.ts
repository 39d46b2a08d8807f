import { unreadCountSchema } from '@makan/contract/notifications';
import { expect, it } from 'vitest';
import { expectReaderMatchesSchema } from '../../../test/reader-equivalence.ts';
import { unreadCountReader } from './unread-count.ts';

it('reads the bell’s count as the contract’s unreadCountSchema does', () => {
  expect(expectReaderMatchesSchema(unreadCountReader, unreadCountSchema)).toBeGreaterThan(10);
});
