export function Footer() {
  return (
    <footer className="border-t py-6 text-center text-sm text-muted-foreground print:hidden">
      © {new Date().getFullYear()} Stepwise
    </footer>
  );
}
