import type { FbLang } from './state.ts';

/** Every visible label of the replica, per UI language (English is the one the adapter ships). */
export interface FbLabels {
  addFriend: string;
  cancelRequest: string;
  friends: string;
  confirm: string;
  deleteRequest: string;
  message: string;
  joinGroup: string;
  joined: string;
  like: string;
  removeLike: string;
  send: string;
  composer: string;
  /** The thread's `[role=log]` label, followed by the person's name. */
  log: string;
  /** A message's aria-label: "At <time>, <Sender>: <text>". */
  at: string;
  you: string;
  blockedTitle: string;
  blockedText: string;
  warnTitle: string;
  warnText: string;
  checkpoint: string;
  login: string;
  seeMore: string;
  follow: string;
  following: string;
}

const en: FbLabels = {
  addFriend: 'Add friend',
  cancelRequest: 'Cancel request',
  friends: 'Friends',
  confirm: 'Confirm',
  deleteRequest: 'Delete request',
  message: 'Message',
  joinGroup: 'Join group',
  joined: 'Joined',
  like: 'Like',
  removeLike: 'Remove Like',
  send: 'Press enter to send',
  composer: 'Message',
  log: 'Messages in conversation with',
  at: 'At',
  you: 'You',
  blockedTitle: "You're Temporarily Blocked",
  blockedText:
    "It looks like you were misusing this feature by going too fast. You've been temporarily blocked from using it.",
  warnTitle: "You can't use this feature right now",
  warnText: 'We limit how often you can do certain things. It looks like you were going too fast.',
  checkpoint: 'Your account has been locked',
  login: 'Log in',
  seeMore: 'See more',
  follow: 'Follow',
  following: 'Following',
};

const de: FbLabels = {
  addFriend: 'Freund/in hinzufügen',
  cancelRequest: 'Anfrage abbrechen',
  friends: 'Freunde',
  confirm: 'Bestätigen',
  deleteRequest: 'Anfrage löschen',
  message: 'Nachricht senden',
  joinGroup: 'Gruppe beitreten',
  joined: 'Beigetreten',
  like: 'Gefällt mir',
  removeLike: 'Gefällt mir entfernen',
  send: 'Zum Senden Eingabetaste drücken',
  composer: 'Nachricht',
  log: 'Nachrichten in Unterhaltung mit',
  at: 'Um',
  you: 'Du',
  blockedTitle: 'Du wurdest vorübergehend blockiert',
  blockedText: 'Du hast diese Funktion zu schnell genutzt und wurdest vorübergehend blockiert.',
  warnTitle: 'Du kannst diese Funktion derzeit nicht nutzen',
  warnText: 'Es sieht so aus, als hättest du diese Funktion zu schnell genutzt.',
  checkpoint: 'Dein Konto wurde gesperrt',
  login: 'Anmelden',
  seeMore: 'Mehr anzeigen',
  follow: 'Folgen',
  following: 'Abonniert',
};

const fr: FbLabels = {
  ...en,
  addFriend: 'Ajouter',
  cancelRequest: 'Annuler la demande',
  friends: 'Amis',
  confirm: 'Confirmer',
  message: 'Envoyer un message',
  joinGroup: 'Rejoindre le groupe',
  like: 'J’aime',
  removeLike: 'Je n’aime plus',
  at: 'À',
  you: 'Vous',
  follow: 'Suivre',
  following: 'Abonné(e)',
};

const FB_LABELS: Record<FbLang, FbLabels> = { en, de, fr };

/** The labels an account sees: its language, the global renames (English), a person's roll-out. */
export function labelsFor(
  lang: FbLang,
  renames: Map<string, string>,
  rollout: 'capitalise' | 'move' | null,
): FbLabels {
  const base = { ...FB_LABELS[lang] };
  for (const key of Object.keys(base) as (keyof FbLabels)[]) {
    const renamed = lang === 'en' ? renames.get(base[key]) : undefined;
    if (renamed) base[key] = renamed;
  }
  if (rollout === 'capitalise') {
    const cap = (s: string) => s.replace(/ (\p{Ll})/gu, (_m, c: string) => ` ${c.toUpperCase()}`);
    base.addFriend = cap(base.addFriend);
    base.cancelRequest = cap(base.cancelRequest);
    base.joinGroup = cap(base.joinGroup);
  }
  return base;
}
