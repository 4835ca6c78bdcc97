import { describe, expect, it } from 'vitest';
import { isAssignedTo } from './assignees.ts';

const jane = { firstName: 'Jane', lastName: 'Seller', email: 'Jane.Seller@example.com' };

describe('isAssignedTo', () => {
  it('knows a person by first name, full name or e-mail, whatever the case and spacing', () => {
    expect(
      ['Jane Seller', ' jane   seller ', 'JANE', 'jane', 'jane.seller@EXAMPLE.com'].map((name) =>
        isAssignedTo(name, jane),
      ),
    ).toEqual([true, true, true, true, true]);
  });

  it('does not take another name, a part of one, or no one for the person', () => {
    expect(
      ['Jane S', 'Janet', 'Seller', 'Sam Helper', '', '  ', null].map((name) => isAssignedTo(name, jane)),
    ).toEqual([false, false, false, false, false, false, false]);
    // A person with no first name is not everyone's blank.
    expect(isAssignedTo(' ', { firstName: '', lastName: '', email: 'x@example.com' })).toBe(false);
  });
});
