/** Chakra's Textarea, with its recipe (see addRecipes in theme.ts). */
import { textareaRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ recipes: { textarea: textareaRecipe } });

export { Textarea } from '@chakra-ui/react';
