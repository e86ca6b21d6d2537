import { describe, expect, it } from 'vitest';
import { stepTemplates } from './step-templates.ts';

describe('stepTemplates', () => {
  it("lists every step's templates with the form's field path and the step's name", () => {
    expect(
      stepTemplates([
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hi {firstName}', abVariants: ['Hello {firstName}'] },
        {
          type: 'aiReply',
          intents: { question: 'Good question', interested: 'Great' },
          fallbackTemplate: 'Thanks',
          contactLater: { template: 'Back, {firstName}', defaultDays: 30 },
        },
        { type: 'followUp', afterDays: 3, template: 'Any news?', maxCount: 1 },
      ]),
    ).toEqual([
      { path: ['steps', '1', 'template'], template: 'Hi {firstName}', step: 'Step 2 (welcome message)' },
      {
        path: ['steps', '1', 'abVariants', '0'],
        template: 'Hello {firstName}',
        step: 'Step 2 (welcome message)',
      },
      { path: ['steps', '2', 'intents', 'question'], template: 'Good question', step: 'Step 3 (AI reply)' },
      { path: ['steps', '2', 'intents', 'interested'], template: 'Great', step: 'Step 3 (AI reply)' },
      { path: ['steps', '2', 'fallbackTemplate'], template: 'Thanks', step: 'Step 3 (AI reply)' },
      {
        path: ['steps', '2', 'contactLater', 'template'],
        template: 'Back, {firstName}',
        step: 'Step 3 (AI reply)',
      },
      { path: ['steps', '3', 'template'], template: 'Any news?', step: 'Step 4 (follow-up)' },
    ]);
  });
});
