/**
 * The Cart button with the item count: the cart popover's trigger, and on its own until the
 * popover's code has loaded (Cart.tsx).
 */
import { Button, Circle, type ButtonProps } from '@chakra-ui/react';
import { ShoppingCartIcon } from 'lucide-react';

export function CartButton({ count, ...props }: ButtonProps & { count: number }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      position="relative"
      pe={count ? '8' : undefined}
      {...props}
    >
      <ShoppingCartIcon aria-hidden="true" />
      Cart
      {count > 0 ? (
        <Circle
          as="span"
          position="absolute"
          top="50%"
          insetEnd="2"
          transform="translateY(-50%)"
          minW="5"
          h="5"
          px="1"
          bg="brand.solid"
          color="brand.contrast"
          fontSize="xs"
          fontWeight="bold"
          data-testid="cart-count"
          aria-hidden="true"
        >
          {count}
        </Circle>
      ) : null}
    </Button>
  );
}
