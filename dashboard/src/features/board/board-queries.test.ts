import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBoard, fetchColumnPage } from './board-queries.ts';
import {
  boardOf,
  groupedResponse,
  json,
  layoutOf,
  makeConversation,
} from './test-support/board-fixtures.tsx';

let requests: Record<string, string>[];
let answer: (query: Record<string, string>) => Response;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname !== '/api/conversations') throw new Error(`unexpected ${url}`);
    const query = Object.fromEntries(parsed.searchParams);
    requests.push(query);
    return answer(query);
  });
});
afterEach(() => vi.unstubAllGlobals());

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('fetchBoard', () => {
  it('asks for every column grouped: collectionId null for all, limit 50, groupByStatus, no empty search', async () => {
    answer = () => json(200, groupedResponse({ sent: [1] }));
    await fetchBoard({ collectionId: 'all', search: '' });
    expect(requests).toEqual([{ collectionId: 'null', limit: '50', groupByStatus: 'true' }]);
    await fetchBoard({ collectionId: 4, search: 'ada' });
    expect(requests[1]).toEqual({ collectionId: '4', limit: '50', groupByStatus: 'true', search: 'ada' });
  });

  it('loads again the cards a column showed beyond its first page, so a refresh keeps them', async () => {
    const first = range(1, 50);
    answer = (q) =>
      q.status
        ? json(200, {
            conversations: range(51, 60).map((id) => makeConversation(id, { order: id * 1000 })),
            hasMore: true,
          })
        : json(200, groupedResponse({ sent: first, replied: [90] }, { sent: 75 }));
    const previous = boardOf({ sent: range(1, 60), replied: [90] }, { sent: 75 });
    const board = await fetchBoard({ collectionId: 'all', search: '' }, undefined, previous);
    expect(layoutOf(board).sent).toEqual(range(1, 60));
    expect(requests[1]).toEqual({
      collectionId: 'null',
      status: 'sent',
      limit: '10',
      lastOrder: '50000',
      lastId: '50',
    });
    expect(requests).toHaveLength(2);
  });
});

describe('fetchColumnPage', () => {
  it('pages one column after its last card: status, limit 10, lastOrder and lastId, the search', async () => {
    answer = () => json(200, { conversations: [], hasMore: false });
    const { columns } = boardOf({ booked: [3, 8] });
    await fetchColumnPage({ collectionId: 2, search: 'x' }, 'booked', columns.booked);
    expect(requests[0]).toEqual({
      collectionId: '2',
      status: 'booked',
      limit: '10',
      lastOrder: '2000',
      lastId: '8',
      search: 'x',
    });
  });
});
