import { Alert, Code, Stack, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';

/** On a phone or tablet: the desktop app needs a computer (instead of a guess such as "Windows"). */
export function NeedsComputerNotice() {
  return (
    <Alert.Root status="info" data-testid="download-needs-computer">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The {BRAND} desktop app runs on a computer</Alert.Title>
        <Alert.Description>
          It is made for Windows, macOS and Linux, not for phones or tablets. Open this page on your computer
          to download it; the dashboard itself works here.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** With no installer published on this server: say so, and how to run the agent from the source instead. */
export function NoInstallersNotice() {
  return (
    <Alert.Root status="warning" data-testid="no-installers">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>No installers are published on this server yet</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text>
              Until the operator publishes them, run the {BRAND} agent from the source code (README, “The
              desktop app”), with Node.js 24 on your computer:
            </Text>
            <Code display="block" whiteSpace="pre-wrap" p="2" data-testid="agent-command">
              {`npm run agent -- --server ${window.location.origin} --email <your email>`}
            </Code>
            <Text>
              It asks for your password and starts your profiles' browsers when a campaign needs them.
            </Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
