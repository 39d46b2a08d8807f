import { TEXT } from '@makan/contract/texts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface WithConfirmation extends FieldValues {
  password: string;
  password_confirmation: string;
}

/**
 * The contract checks 'Passwords must match' only once every other field is valid (an object
 * refinement). In the form it helps to see it at once, next to the other messages.
 */
export function withPasswordMatch<TIn extends WithConfirmation, TOut>(
  resolver: Resolver<TIn, unknown, TOut>,
): Resolver<TIn, unknown, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const mismatch = values.password_confirmation !== '' && values.password !== values.password_confirmation;
    if (!mismatch || Object.keys(result.errors).length === 0 || 'password_confirmation' in result.errors) {
      return result;
    }
    const errors: FieldErrors<TIn> = {};
    return {
      values: {},
      errors: Object.assign(errors, result.errors, {
        password_confirmation: { type: 'custom', message: TEXT.passwordsMatch },
      }),
    };
  };
}
