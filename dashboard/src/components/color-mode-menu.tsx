import { Button, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

// The switch lives apart from the provider (color-mode.tsx): the page wrapper, which every route
// loads, then does not carry the menu's code (zag's menu, floating-ui) to the public pages.

const CHOICES = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const;

/**
 * The colour mode switch: Light / Dark / System, as a menu of radio items behind one icon button.
 * Inside a drawer (`portalled={false}`) the trigger says the mode in words and the menu stays in the
 * drawer's layer, above its backdrop.
 */
export function ColorModeMenu({ portalled = true }: { portalled?: boolean }) {
  const { theme = 'system', resolvedTheme, setTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  const current = CHOICES.find((c) => c.value === theme) ?? CHOICES[2];
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        {portalled ? (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Colour mode: ${current.label}`}
            data-testid="color-mode-button"
          >
            <Icon />
          </IconButton>
        ) : (
          // In the menu drawer, with words: there is room, and a phone has no hover title.
          <Button size="sm" variant="outline" justifyContent="flex-start" data-testid="color-mode-button">
            <Icon /> Colour mode: {current.label}
          </Button>
        )}
      </Menu.Trigger>
      <Portal disabled={!portalled}>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Colour mode</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup value={theme} onValueChange={(e) => setTheme(e.value)}>
                {CHOICES.map(({ value, label, icon: ItemIcon }) => (
                  <Menu.RadioItem key={value} value={value}>
                    <ItemIcon size="14" aria-hidden />
                    {label}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
