/** How the popup and the log name this browser's profile: its name in Reachly, else "Profile <id>". */
export function profileLabel(session: { profileId: number; profileName?: string | null }): string {
  return session.profileName ?? `Profile ${session.profileId}`;
}
