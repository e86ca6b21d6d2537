import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { SNACKBAR_Z_INDEX } from '@reachly/shared/constants';

/** The page's one toaster: top centre (spec §9 download toast position), snackbar z-index 1400. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} zIndex={SNACKBAR_Z_INDEX}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? (
              <Spinner size="sm" color="colorPalette.solid" />
            ) : (
              <Toast.Indicator />
            )}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && (
                // The recipe dims descriptions to 0.8 opacity: 3.7:1 on solid green, under WCAG AA.
                <Toast.Description opacity="1">{toast.description}</Toast.Description>
              )}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

export function toastError(title: string, error?: unknown): void {
  toaster.create({
    type: 'error',
    title,
    description: error instanceof Error ? error.message : undefined,
    closable: true,
  });
}

export function toastSuccess(title: string, description?: string): void {
  toaster.create({ type: 'success', title, description, closable: true });
}
