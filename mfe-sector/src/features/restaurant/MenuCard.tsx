import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { MENU_TYPE_LABELS, MESSAGES_RESTAURANT, type Menu } from '@xaalis/contracts';
import { EditDeleteActions, formatDate, formatMoney } from '@xaalis/web-kit';
import { ArticleCard } from '../../ui/cards';

/** "Du 01/02/2026 au 28/02/2026", "À partir du ...", "Jusqu'au ...", or 'Sans limite de validité'. */
export function validityText(validFrom: string | null, validTo: string | null): string {
  if (validFrom && validTo) return `Du ${formatDate(validFrom)} au ${formatDate(validTo)}`;
  if (validFrom) return `À partir du ${formatDate(validFrom)}`;
  if (validTo) return `Jusqu'au ${formatDate(validTo)}`;
  return 'Sans limite de validité';
}

export interface MenuCardProps {
  menu: Menu;
  /** The actions; none without them (a role that may not change the module). */
  onEdit?: (menu: Menu) => void;
  onDelete?: (menu: Menu) => void;
}

/** A menu: active/inactive badge, type, validity and its items (name, price, availability). */
export function MenuCard({ menu, onEdit, onDelete }: MenuCardProps) {
  return (
    <ArticleCard
      title={menu.name}
      subtitle={`${MENU_TYPE_LABELS[menu.type] ?? menu.type} · ${validityText(menu.validFrom, menu.validTo)}`}
      badge={
        <Chip
          size="small"
          label={menu.isActive ? MESSAGES_RESTAURANT.active : MESSAGES_RESTAURANT.inactive}
          color={menu.isActive ? 'success' : 'default'}
        />
      }
    >
      <Divider />
      {menu.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucun article sur ce menu
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Articles de ${menu.name}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {menu.items.map((item) => (
            <Box
              component="li"
              key={item.id}
              aria-label={item.name}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: item.isAvailable ? 1 : 0.6 }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                {item.name}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(item.price)}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={item.isAvailable ? 'Disponible' : 'Indisponible'}
                color={item.isAvailable ? 'success' : 'default'}
              />
            </Box>
          ))}
        </Box>
      )}
      {onEdit || onDelete ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 'auto', pt: 1 }}>
          <EditDeleteActions item={menu} name={menu.name} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      ) : null}
    </ArticleCard>
  );
}
