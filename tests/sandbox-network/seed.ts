import { en, Faker } from '@faker-js/faker';
import { DAY, HOUR, MINUTE } from './clock.ts';

/** What seeded people answer, drawn at seeding (the seeded worlds stay as they were). */
const SEEDED_REPLY_SCRIPTS = ['interested', 'asks-price', 'not-interested', 'books-call'] as const;
/** Every answer a person can be given (admin behaviour): the seeded ones and the harder ones. */
export const REPLY_SCRIPTS = [
  ...SEEDED_REPLY_SCRIPTS,
  'later-named',
  'later',
  'wrong-person',
  'stop',
  'other-language',
] as const;
export type ReplyScript = (typeof REPLY_SCRIPTS)[number];

/** How a seeded person behaves; `null` delays mean "never". */
export interface Behaviour {
  acceptAfterMs: number | null;
  reply: ReplyScript | null;
  replyAfterMs: number;
}

export interface Person {
  slug: string;
  name: string;
  firstName: string;
  headline: string;
  city: string;
  hasMessageButton: boolean;
  /** Sends a friend request to every account created. */
  sendsRequests: boolean;
  behaviour: Behaviour;
}

export interface Group {
  slug: string;
  name: string;
  ownerSlug: string;
  memberSlugs: string[];
}

export interface Post {
  id: number;
  authorSlug: string;
  groupSlug: string | null;
  text: string;
}

export interface World {
  people: Person[];
  groups: Group[];
  posts: Post[];
}

export interface SeedOptions {
  seed: number;
  people?: number;
  groups?: number;
  posts?: number;
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}

/** Builds the seeded world; the same options always give the same world. */
export function seedWorld({ seed, people = 50, groups = 6, posts = 30 }: SeedOptions): World {
  const f = new Faker({ locale: [en] });
  f.seed(seed);
  const persons: Person[] = [];
  for (let i = 0; i < people; i++) {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const accepts = f.number.float() >= 0.15;
    const replies = f.number.float() >= 0.2;
    persons.push({
      slug: `${slugify(`${firstName} ${lastName}`)}-${i + 1}`,
      name: `${firstName} ${lastName}`,
      firstName,
      headline: f.person.jobTitle(),
      city: f.location.city(),
      hasMessageButton: f.number.float() >= 0.2,
      sendsRequests: f.number.float() < 0.08,
      behaviour: {
        acceptAfterMs: accepts ? f.number.int({ min: HOUR, max: 3 * DAY }) : null,
        reply: replies ? f.helpers.arrayElement(SEEDED_REPLY_SCRIPTS) : null,
        replyAfterMs: f.number.int({ min: 10 * MINUTE, max: DAY }),
      },
    });
  }
  const groupList: Group[] = [];
  for (let i = 0; i < groups && persons.length > 0; i++) {
    const name = `${f.word.adjective()} ${f.word.noun()} ${f.helpers.arrayElement(['club', 'circle', 'network', 'hub'])}`;
    const members = f.helpers.arrayElements(persons, { min: 1, max: Math.min(12, persons.length) });
    groupList.push({
      slug: `${slugify(name)}-${i + 1}`,
      name: name.charAt(0).toUpperCase() + name.slice(1),
      ownerSlug: members[0]?.slug ?? '',
      memberSlugs: members.map((p) => p.slug),
    });
  }
  const postList: Post[] = [];
  for (let i = 0; i < posts && persons.length > 0; i++) {
    const author = f.helpers.arrayElement(persons);
    const group = groupList.length > 0 && f.number.float() < 0.4 ? f.helpers.arrayElement(groupList) : null;
    postList.push({
      id: i + 1,
      authorSlug: author.slug,
      groupSlug: group?.slug ?? null,
      text: f.lorem.sentence(),
    });
  }
  return { people: persons, groups: groupList, posts: postList };
}
