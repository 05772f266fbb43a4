/**
 * The inline confirmation shown above a form once the server has accepted a submission. It takes
 * focus when it appears, so screen readers announce it and keyboard users start from it; mount it
 * with a new `key` per submission (useFormSubmission's `success.key`).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseButton } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';

interface FormSuccessAlertProps {
  title: string;
  children: ReactNode;
  onDismiss: () => void;
}

export function FormSuccessAlert({ title, children, onDismiss }: FormSuccessAlertProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  return (
    <Alert.Root
      ref={ref}
      tabIndex={-1}
      role="status"
      status="success"
      variant="surface"
      borderRadius="lg"
      // Scrolled into view below the sticky navigation bar, not under it.
      scrollMarginTop="6rem"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'green.400', outlineOffset: '2px' }}
      animationName="fade-in, slide-from-top"
      animationDuration="moderate"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{title}</Alert.Title>
        <Alert.Description color="fg.muted">{children}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" mt="-1" me="-1" aria-label="Dismiss message" onClick={onDismiss} />
    </Alert.Root>
  );
}
