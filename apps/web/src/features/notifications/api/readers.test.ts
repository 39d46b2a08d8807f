import {
  notificationSchema,
  notificationsChangedEvent,
  notificationsPage,
} from '@makan/contract/notifications';
import { describe } from 'vitest';
import { itReadsAsItsSchema } from '../../../test/reader-equivalence.ts';
import { notificationReader, notificationsChangedReader, notificationsPageReader } from './readers.ts';

describe('the notification readers read as the contract’s schemas do', () => {
  itReadsAsItsSchema([
    ['notificationSchema', notificationReader, notificationSchema],
    ['notificationsPage', notificationsPageReader, notificationsPage],
    ['notificationsChangedEvent', notificationsChangedReader, notificationsChangedEvent],
  ] as const);
});
