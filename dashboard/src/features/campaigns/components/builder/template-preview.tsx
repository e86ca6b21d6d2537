import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PREVIEW_LEAD } from '../../campaigns-queries.ts';
import { useTemplatePreview } from '../../hooks/use-template-preview.ts';
import { plural } from '../../utils/labels.ts';

/**
 * Below a template field: the message as the collection's first lead (or, before a collection is
 * chosen, the sample lead) would get it, how many variants the spintax makes and, per variable,
 * how many leads have no value for it; or the server's message in red. "Another variant" renders
 * other spin choices.
 */
export function TemplatePreview({
  template,
  id,
  collectionId,
}: {
  template: string;
  id: string;
  collectionId: number | null;
}) {
  const [seed, setSeed] = useState(1);
  const preview = useTemplatePreview(template, seed, collectionId);
  // A collection's first lead, or the sample lead while there is no collection or no lead in it.
  const leadName = preview.data?.lead ? (preview.data.lead.name ?? 'the first lead') : PREVIEW_LEAD.name;

  let content = null;
  if (preview.isEmpty) {
    content = (
      <Text color="fg.muted" fontSize="sm">
        Type the message to see it as {collectionId ? "the collection's first lead" : PREVIEW_LEAD.name} would
        get it.
      </Text>
    );
  } else if (preview.error) {
    content = (
      <Text color="red.700" fontSize="sm" data-testid="template-preview-error">
        {preview.error.message}
      </Text>
    );
  } else if (preview.data) {
    content = (
      <Box>
        <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="template-preview-text">
          {preview.data.text}
        </Text>
        <HStack gap="2" mt="1">
          <Text fontSize="xs" color="fg.muted" data-testid="template-preview-variants">
            {plural(preview.data.variants, 'variant')}
          </Text>
          {preview.data.variants > 1 && (
            <Button size="2xs" variant="ghost" onClick={() => setSeed((s) => s + 1)}>
              Another variant
            </Button>
          )}
        </HStack>
        {preview.data.missing?.map(({ variable, leads }) => (
          <Text key={variable} fontSize="xs" color="orange.fg" mt="1" data-testid="template-preview-missing">
            {`{${variable}} is empty for ${leads.toLocaleString('en')} of ${(preview.data?.leads ?? leads).toLocaleString('en')} leads: they get the message without it. Add a fallback: {{${variable}|…}}.`}
          </Text>
        ))}
      </Box>
    );
  } else if (preview.isPending) {
    content = (
      <Text color="fg.muted" fontSize="sm">
        Rendering the preview…
      </Text>
    );
  }

  return (
    <Box id={id} bg="bg.muted" rounded="md" px="3" py="2" aria-live="polite" data-testid="template-preview">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb="1">
        {preview.data ? `Preview for ${leadName}` : 'Preview'}
      </Text>
      {content}
    </Box>
  );
}
