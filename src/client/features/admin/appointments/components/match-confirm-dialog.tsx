/**
 * Confirming a pending booking whose client may be an existing one (docs/decisions/034) asks her first,
 * as the pending list's approval does: 'Is this the same person?'. Confirm waits for her answer; 'Go back' leaves
 * the booking pending and the match open.
 */
import { Loader2, Users } from 'lucide-react';
import type { ClientMatch, MatchDecision } from '@shared/client-match';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { MatchQuestion } from '../../shared/components/match-question';
import { TEXTS } from '../texts';

/** The line under it names the possible match: the title does not say it twice. */
const TITLE = 'Before you confirm';
const DESCRIPTION = "This request's client may be someone you already have.";

interface MatchConfirmDialogProps {
  /** The booking's possible match; null keeps the dialog closed. */
  match: ClientMatch | null;
  choice: MatchDecision | null;
  onChoiceChange: (choice: MatchDecision) => void;
  pending: boolean;
  onConfirm: (choice: MatchDecision) => void;
  onCancel: () => void;
}

export function MatchConfirmDialog({
  match,
  choice,
  onChoiceChange,
  pending,
  onConfirm,
  onCancel,
}: MatchConfirmDialogProps) {
  return (
    <Dialog open={match !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Users className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
            {TITLE}
          </DialogTitle>
          <DialogDescription>{DESCRIPTION}</DialogDescription>
        </DialogHeader>
        {match && <MatchQuestion match={match} choice={choice} onChange={onChoiceChange} disabled={pending} />}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
            {TEXTS.goBack}
          </Button>
          <Button
            type="button"
            disabled={pending || choice === null}
            aria-busy={pending || undefined}
            onClick={() => choice && onConfirm(choice)}
          >
            {pending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
