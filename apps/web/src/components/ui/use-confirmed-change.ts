import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '../../lib/messages.ts';
import { useOutcomeToasts } from './toast.tsx';

/**
 * A change asked for, confirmed in a dialog, then made: `ask(target)` opens the dialog (`target` is
 * what it is about), `confirm` makes the change with that target's variables, `cancel` closes it.
 * The server's words say how it went (a toast), and the dialog closes once the change has settled.
 * `run` makes a change at once, without asking (an undo, such as unblocking).
 */
export function useConfirmedChange<Target, Variables>(
  change: UseMutationResult<{ message?: Message | null | undefined }, unknown, Variables, unknown>,
  variablesOf: (target: Target) => Variables,
) {
  const outcome = useOutcomeToasts();
  const [target, setTarget] = useState<Target | null>(null);
  const run = (chosen: Target) =>
    change.mutate(variablesOf(chosen), {
      onSuccess: outcome.succeeded,
      onError: outcome.failed,
      onSettled: () => setTarget(null),
    });
  return {
    target,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: () => {
      if (target !== null) run(target);
    },
    run,
    busy: change.isPending,
  };
}
