/** The registration link to hand over when e-mail could not be sent: selectable, and a real link. */
export function ManualLink({ link }: { link: string }) {
  return (
    <span className="flex flex-col gap-1">
      <span>Share this registration link with the invited user:</span>
      <a href={link} className="break-all font-mono text-xs underline select-all" data-testid="manual-invitation-link">
        {link}
      </a>
    </span>
  );
}
