interface Named {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}

/** First and last name when both exist, otherwise the username (spec: account menu). */
export function displayName(user: Named): string {
  const first = user.first_name?.trim();
  const last = user.last_name?.trim();
  return first && last ? `${first} ${last}` : user.username;
}

/**
 * A staff member as devices know them: their names, or "Unnamed user" for an account added
 * without names (devices do not hold staff e-mails).
 */
export function staffName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name?.trim(), person.last_name?.trim()].filter(Boolean).join(" ") || "Unnamed user";
}
