import { searchQuery } from '@makan/contract/posts';
import { describe, expect, it } from 'vitest';
import { issueMessage } from '../../../lib/messages.ts';
import { keywordError } from './search.ts';

describe('keywordError', () => {
  const byContract = (keyword: string) => {
    const issue = searchQuery.shape.keyword.safeParse(keyword).error?.issues[0];
    return issue ? issueMessage(issue) : null;
  };
  it.each([
    '',
    ' ',
    '\t\n',
    'office',
    '  مكتب  ',
    'a',
    'x'.repeat(200),
    ` ${'x'.repeat(200)} `,
    'x'.repeat(201),
    'م'.repeat(250),
  ])('says what the contract’s searchQuery says of %j', (keyword) => {
    expect(keywordError(keyword)).toEqual(byContract(keyword));
  });
  it('refuses a blank keyword and a long one in the catalogue’s words', () => {
    expect(keywordError('  ')).toEqual({ code: 'searchKeywordRequired' });
    expect(keywordError('x'.repeat(201))).toEqual({ code: 'maxLength', params: { length: 200 } });
  });
});
