import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_LEAD } from '../../campaigns-queries.ts';
import { json, type RecordedRequest, routeFetch, withApp } from '../../test-support/campaign-fixtures.tsx';
import { TemplatePreview } from './template-preview.tsx';

let requests: RecordedRequest[];
let answer: (request: RecordedRequest) => Response;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', routeFetch({ 'POST /api/campaigns/preview-template': (r) => answer(r) }, requests));
});
afterEach(() => vi.unstubAllGlobals());

/** A template box with its preview, as the builder shows it. */
function Editor({ collectionId }: { collectionId: number | null }) {
  const [template, setTemplate] = useState('');
  return (
    <>
      <textarea aria-label="Message" value={template} onChange={(e) => setTemplate(e.target.value)} />
      <TemplatePreview id="preview" template={template} collectionId={collectionId} />
    </>
  );
}

function renderEditor(collectionId: number | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = withApp(client);
  render(
    <Wrapper>
      <Editor collectionId={collectionId} />
    </Wrapper>,
  );
}

describe('the template preview', () => {
  it('renders the template for the sample lead once the typing stops, with its number of variants', async () => {
    answer = () => json(200, { text: 'Hello Alex, nice to meet you!', variants: 2 });
    renderEditor();
    expect(screen.getByTestId('template-preview').textContent).toContain(
      `Type the message to see it as ${PREVIEW_LEAD.name} would get it.`,
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message' }),
      '{{Hi|Hello} {{firstName}, nice to meet you!',
    );
    expect((await screen.findByTestId('template-preview-text', {}, { timeout: 3000 })).textContent).toBe(
      'Hello Alex, nice to meet you!',
    );
    expect(screen.getByTestId('template-preview-variants').textContent).toBe('2 variants');
    // Debounced: one request for the whole typing, with the sample lead.
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      template: '{Hi|Hello} {firstName}, nice to meet you!',
      lead: { name: 'Alex Morgan', firstName: 'Alex', lastName: 'Morgan' },
      seed: 1,
    });

    // Another variant asks again with the next seed.
    answer = () => json(200, { text: 'Hi Alex, nice to meet you!', variants: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Another variant' }));
    await waitFor(() =>
      expect(screen.getByTestId('template-preview-text').textContent).toBe('Hi Alex, nice to meet you!'),
    );
    expect(requests[1]?.body).toMatchObject({ seed: 2 });
  });

  it("shows the server's message for a bad template", async () => {
    answer = (r) =>
      (r.body as { template: string }).template.includes('frist')
        ? json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Unknown variable {frist} at position 4 (did you mean firstName?)',
            },
          })
        : json(200, { text: 'Hi', variants: 1 });
    renderEditor();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi {{frist}');
    const error = await screen.findByTestId('template-preview-error', {}, { timeout: 3000 });
    expect(error.textContent).toBe('Unknown variable {frist} at position 4 (did you mean firstName?)');
    expect(screen.queryByTestId('template-preview-text')).toBeNull();

    // Fixed: the error gives way to the text.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    expect((await screen.findByTestId('template-preview-text', {}, { timeout: 3000 })).textContent).toBe(
      'Hi',
    );
    expect(screen.queryByTestId('template-preview-error')).toBeNull();
    expect(screen.getByTestId('template-preview-variants').textContent).toBe('1 variant');
  });

  it('with a collection chosen, renders its first lead and says how many leads a variable leaves empty', async () => {
    answer = () =>
      json(200, {
        text: 'Hi Ada at Acme',
        variants: 1,
        lead: { id: 7, name: 'Ada Lovelace' },
        leads: 1200,
        missing: [{ variable: 'companyName', leads: 340 }],
      });
    renderEditor(5);
    expect(screen.getByTestId('template-preview').textContent).toContain(
      "Type the message to see it as the collection's first lead would get it.",
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'Hi {{firstName} at {{companyName}',
    );
    expect((await screen.findByTestId('template-preview-text', {}, { timeout: 3000 })).textContent).toBe(
      'Hi Ada at Acme',
    );
    expect(screen.getByTestId('template-preview').textContent).toContain('Preview for Ada Lovelace');
    expect(screen.getByTestId('template-preview-missing').textContent).toBe(
      '{companyName} is empty for 340 of 1,200 leads: they get the message without it. Add a fallback: {{companyName|…}}.',
    );
    expect(requests[0]?.body).toEqual({
      template: 'Hi {firstName} at {companyName}',
      lead: { name: 'Alex Morgan', firstName: 'Alex', lastName: 'Morgan' },
      collectionId: 5,
      seed: 1,
    });
  });
});
