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
