/** The therapist's note on a booking (given when approving or declining it). */
export function TherapistNote({ note }: { note: string }) {
  return (
    <div className="rounded-md border-l-4 border-primary bg-muted/40 px-4 py-3 text-sm">
      <p className="font-medium">A note from your therapist</p>
      <p className="mt-1 whitespace-pre-line break-words text-muted-foreground">{note}</p>
    </div>
  );
}
