import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * The locator table: everything the Facebook adapter knows of the site's labels, as data the
 * server serves (GET /api/locators), so a renamed label is fixed by publishing a new table
 * (`npm run admin -- publish-locators FILE`) instead of releasing the extension. A label matches an
 * element's accessible name (aria-label, else its text) by case-insensitive prefix.
 */

/** The table format this code reads; a table of another format is refused. */
export const LOCATOR_FORMAT = 1;

const labels = z.array(z.string().trim().min(1).max(120)).min(1).max(20);
/** A dotted path into a JSON answer of /api/graphql/ to a list of `{node: {id, name, url}}` edges. */
const jsonPath = z
  .string()
  .regex(/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/, 'a dotted path such as data.node.edges');
const paths = z.array(jsonPath).min(1).max(10);

/** One UI language's labels (the page's `<html lang>`, its first part: en, de…). */
export const locatorLanguageSchema = z.object({
  buttons: z.object({
    addFriend: labels,
    cancelRequest: labels,
    friends: labels,
    confirm: labels,
    message: labels,
    joinGroup: labels,
    joined: labels,
    like: labels,
    removeLike: labels,
    send: labels,
    /** A person's Follow button and, once followed, its Following label (optional: tables published before follows). */
    follow: labels.optional(),
    following: labels.optional(),
  }),
  /** The message composer's aria-label. */
  composer: labels,
  /** The start of a message thread's `[role=log]` aria-label. */
  threadLog: labels,
  /** A message's aria-label starts with this word, then the time: "At <time>, <Sender>: <text>". */
  messageAt: labels,
  /** The sender name the thread gives the profile's own messages. */
  you: labels,
  /** Texts of a dialog that blocks an action (any one of them, anywhere in the dialog): RESTRICTION. */
  blockTexts: labels,
  /** Texts of a dialog that warns before a block: DANGER. */
  warningTexts: labels,
  /** Headings of a checkpoint / locked-account page. */
  checkpointTexts: labels,
});
export type LocatorLanguage = z.infer<typeof locatorLanguageSchema>;
export type ButtonLocator = keyof LocatorLanguage['buttons'];

export const locatorTableSchema = z.object({
  format: z.literal(LOCATOR_FORMAT),
  network: z.literal('facebook'),
  /** Grows with every published table; the extension keeps the highest it has seen. */
  version: z.number().int().positive().max(2_000_000_000),
  languages: z
    .record(z.string().regex(/^[a-z]{2,3}$/, 'a language code such as en'), locatorLanguageSchema)
    .refine((l) => Object.keys(l).length > 0, 'at least one language'),
  /** Where each list sits in the JSON answers the page receives. */
  lists: z.object({
    groupMembers: paths,
    searchResults: paths,
    incomingRequests: paths,
    friends: paths,
  }),
});
export type LocatorTable = z.infer<typeof locatorTableSchema>;

/** GET /api/locators?network=facebook */
export const locatorsQuerySchema = z.object({ network: z.literal('facebook').default('facebook') });

/**
 * What the extension sends when a locator found nothing: the page's structure with nothing of a
 * person in it (no names, texts or ids): the URL pattern, roles and the labels of buttons and dialogs.
 */
export const diagnosticBodySchema = z.object({
  profileId: idSchema,
  network: z.literal('facebook'),
  /** The locator that found nothing, e.g. buttons.joinGroup. */
  locator: z.string().trim().min(1).max(80),
  /** The table version the extension used; at most the table's own highest version (an integer column). */
  tableVersion: z.number().int().nonnegative().max(2_000_000_000),
  lang: z.string().trim().min(1).max(20),
  /** The URL with ids replaced: /groups/<id>, /profile.php?id=<id>, /<username>. */
  urlPattern: z.string().trim().min(1).max(200),
  roles: z
    .record(z.string().max(40), z.number().int().nonnegative())
    .refine((r) => Object.keys(r).length <= 60),
  buttons: z.array(z.string().trim().min(1).max(80)).max(100),
  dialogs: z.array(z.string().trim().min(1).max(200)).max(20),
});
export type DiagnosticBody = z.infer<typeof diagnosticBodySchema>;

/** GET /api/diagnostics: the organisation's reports, grouped by locator (and page pattern). */
export const diagnosticGroupSchema = z.object({
  locator: z.string(),
  urlPattern: z.string(),
  lang: z.string(),
  count: z.number().int(),
  profiles: z.number().int(),
  lastSeen: z.string(),
  tableVersion: z.number().int(),
  buttons: z.array(z.string()),
  dialogs: z.array(z.string()),
});
export type DiagnosticGroup = z.infer<typeof diagnosticGroupSchema>;
export const diagnosticsResponseSchema = z.object({ groups: z.array(diagnosticGroupSchema) });
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponseSchema>;

/**
 * The table built into the extension and served until one is published. English labels as public
 * automation code reads them from today's site (2024–2026), German as a second language.
 */
export const DEFAULT_FACEBOOK_LOCATORS: LocatorTable = {
  format: LOCATOR_FORMAT,
  network: 'facebook',
  version: 1,
  languages: {
    en: {
      buttons: {
        addFriend: ['Add friend'],
        cancelRequest: ['Cancel request'],
        friends: ['Friends'],
        confirm: ['Confirm'],
        message: ['Message'],
        joinGroup: ['Join group'],
        joined: ['Joined'],
        like: ['Like'],
        removeLike: ['Remove Like'],
        send: ['Press enter to send', 'Send'],
        follow: ['Follow'],
        following: ['Following'],
      },
      composer: ['Message'],
      threadLog: ['Messages in conversation'],
      messageAt: ['At'],
      you: ['You'],
      blockTexts: ["You're Temporarily Blocked", 'temporarily blocked'],
      warningTexts: ['going too fast', "can't use this feature"],
      checkpointTexts: ['Your account has been locked', 'We suspended your account', 'Confirm your identity'],
    },
    de: {
      buttons: {
        addFriend: ['Freund/in hinzufügen', 'Als Freund/in hinzufügen'],
        cancelRequest: ['Anfrage abbrechen'],
        friends: ['Freunde'],
        confirm: ['Bestätigen'],
        message: ['Nachricht senden'],
        joinGroup: ['Gruppe beitreten'],
        joined: ['Beigetreten'],
        like: ['Gefällt mir'],
        removeLike: ['Gefällt mir entfernen', 'Gefällt mir nicht mehr'],
        send: ['Zum Senden Eingabetaste drücken', 'Senden'],
        follow: ['Folgen'],
        following: ['Abonniert', 'Du folgst'],
      },
      composer: ['Nachricht'],
      threadLog: ['Nachrichten in Unterhaltung'],
      messageAt: ['Um'],
      you: ['Du'],
      blockTexts: ['vorübergehend blockiert'],
      warningTexts: ['zu schnell', 'Funktion derzeit nicht nutzen'],
      checkpointTexts: ['Dein Konto wurde gesperrt', 'Bestätige deine Identität'],
    },
  },
  lists: {
    groupMembers: ['data.node.new_members.edges', 'data.group.new_members.edges'],
    searchResults: ['data.serpResponse.results.edges'],
    incomingRequests: ['data.viewer.friending_possibilities.edges'],
    friends: ['data.viewer.all_friends.edges'],
  },
};
