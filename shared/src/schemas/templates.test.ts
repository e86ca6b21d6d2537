import { describe, expect, it } from 'vitest';
import { messageTemplateSchema, messageTemplateSchemaFor } from './templates.ts';

describe('messageTemplateSchema', () => {
  it('accepts a valid template, trimmed', () => {
    expect(messageTemplateSchema.parse('  {Hi|Hello} {firstName}! ')).toBe('{Hi|Hello} {firstName}!');
  });

  it('refuses an unknown variable with a message naming it', () => {
    const result = messageTemplateSchema.safeParse('Hi {firstname}');
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Unknown variable {firstname} at character 4 (did you mean {firstName}?)',
    ]);
  });

  it('knows the custom fields it is given', () => {
    const schema = messageTemplateSchemaFor(['company']);
    expect(schema.safeParse('Hi {firstName} of {company}').success).toBe(true);
    expect(schema.safeParse('Hi {compnay}').error?.issues[0]?.message).toBe(
      'Unknown variable {compnay} at character 4 (did you mean {company}?)',
    );
  });

  it("with 'any', checks the syntax and leaves the columns to the server", () => {
    const schema = messageTemplateSchemaFor('any');
    expect(schema.safeParse('Hi {companyName} {{city|there}}').success).toBe(true);
    expect(schema.safeParse('Hi {companyName').error?.issues[0]?.message).toBe('Unclosed { at character 4');
  });

  it('refuses unbalanced braces, empty and too long templates', () => {
    expect(messageTemplateSchema.safeParse('{Hi|Hello').error?.issues[0]?.message).toBe(
      'Unclosed { at character 1',
    );
    expect(messageTemplateSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      'Template must not be empty',
    );
    expect(messageTemplateSchema.safeParse('x'.repeat(2001)).success).toBe(false);
  });
});
