// A formatter built per value (a chat page of 1,000 messages built 1,000): @makan/contract/intl keeps them.
export const likes = (count: number) => new Intl.NumberFormat('en').format(count); // ✗ no-fresh-intl-formatters
