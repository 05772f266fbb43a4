/** Chakra's Avatar (and its props' type), with its recipe (see addRecipes in theme.ts). */
import { avatarSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { avatar: avatarSlotRecipe } });

export { Avatar, type AvatarRootProps } from '@chakra-ui/react';
