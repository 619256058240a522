import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES_RESTAURANT, RECIPE_CATEGORY_LABELS, type Recipe } from '@xaalis/contracts';
import { DeleteIcon, EditIcon, formatMoney, RowAction } from '@xaalis/web-kit';
import { formatMargin, formatQuantity, moneyOrUnknown, unitLabel } from './format';

export interface RecipeCardProps {
  recipe: Recipe;
  onServe: (recipe: Recipe) => void;
  onEdit: (recipe: Recipe) => void;
  onDelete: (recipe: Recipe) => void;
}

/** A recipe: category, servings, time (preparation + cooking), cost, cost per serving, price, margin and ingredients. */
export function RecipeCard({ recipe, onServe, onEdit, onDelete }: RecipeCardProps) {
  const facts: [string, string][] = [
    ['Portions', String(recipe.servings)],
    ['Temps', `${recipe.totalTime} min`],
    ['Coût total', moneyOrUnknown(recipe.totalCost)],
    ['Coût par portion', moneyOrUnknown(recipe.costPerServing)],
    ['Prix de vente', formatMoney(recipe.sellingPrice)],
    ['Marge', formatMargin(recipe.margin)],
  ];
  const negativeMargin = recipe.margin?.startsWith('-') ?? false;
  return (
    <Paper variant="outlined" component="article" aria-label={recipe.name} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
            {recipe.name}
          </Typography>
          {recipe.description ? (
            <Typography variant="body2" color="text.secondary">
              {recipe.description}
            </Typography>
          ) : null}
        </Box>
        <Chip size="small" label={RECIPE_CATEGORY_LABELS[recipe.category] ?? recipe.category} />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              aria-label={label}
              color={label === 'Marge' && negativeMargin ? 'error' : undefined}
              sx={{ m: 0, fontWeight: label === 'Marge' ? 600 : undefined }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider />
      <Typography variant="subtitle2" component="h4">
        Ingrédients
      </Typography>
      {recipe.ingredients.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucun ingrédient
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Ingrédients de ${recipe.name}`} sx={{ m: 0, pl: 2.5 }}>
          {recipe.ingredients.map((ingredient) => (
            <Typography component="li" variant="body2" key={ingredient.id}>
              {`${ingredient.itemName ?? MESSAGES_RESTAURANT.unknownValue} — ${formatQuantity(ingredient.quantity)} ${unitLabel(ingredient.unit)} (${moneyOrUnknown(ingredient.cost)})`}
            </Typography>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto', pt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={recipe.ingredients.length === 0}
          onClick={() => onServe(recipe)}
          aria-label={`Servir ${recipe.name}`}
        >
          Servir
        </Button>
        <Box sx={{ flex: 1 }} />
        <RowAction label={`Modifier ${recipe.name}`} onClick={() => onEdit(recipe)}>
          <EditIcon fontSize="small" />
        </RowAction>
        <RowAction label={`Supprimer ${recipe.name}`} onClick={() => onDelete(recipe)}>
          <DeleteIcon fontSize="small" />
        </RowAction>
      </Box>
    </Paper>
  );
}
