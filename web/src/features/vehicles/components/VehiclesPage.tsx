import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import HistoryIcon from '@mui/icons-material/History';
import EditIcon from '@mui/icons-material/Edit';
import SpeedIcon from '@mui/icons-material/Speed';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { useIsPhone } from '@/components/layout/AppShell';
import { Page } from '@/components/layout/Page';
import { HistoryDialog } from '@/components/audit-history/HistoryDialog';
import { BackButton } from '@/components/navigation';
import { usePermissions } from '@/lib/auth';
import { useGetGroupsQuery, type Group } from '@/lib/groups';
import { paths } from '@/lib/paths';
import { useGetVehiclesQuery, type Vehicle } from '../api/vehicles-api';
import { DeleteVehicleDialog } from './DeleteVehicleDialog';
import { ImportDialog } from './ImportDialog';
import { LastFixText } from './LastFixText';
import { MpgText } from './MpgText';
import { OdometerDialog } from './OdometerDialog';
import { VehicleDialog } from './VehicleDialog';
import '@/lib/i18n/texts/audit';
import '@/lib/i18n/texts/vehicles';

interface RowActions {
  /** The company's groups, to name each vehicle's (undefined: not shown). */
  groups: Group[] | undefined;
  onOdometer: (vehicle: Vehicle) => void;
  onEdit: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
  onHistory: (vehicle: Vehicle) => void;
}

const UNIT_ORDER = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

const formatGallons = (gallons: number) => gallons.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** The vehicle's cards as one line each: driver and the card's last four digits. */
function CardLines({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  if (vehicle.cards.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {t('row.noCards')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {vehicle.cards.map((card) => (
        <Typography component="li" variant="body2" key={card.cardNumber} sx={{ overflowWrap: 'anywhere' }}>
          {card.driverName || '—'}{' '}
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {t('row.card', { last4: card.cardNumber.slice(-4) })}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}

function StatusChips({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" color={vehicle.active ? 'success' : 'default'} label={t(vehicle.active ? 'row.active' : 'row.inactive')} />
      {vehicle.iftaQualified && <Chip size="small" variant="outlined" color="primary" label={t('row.iftaQualified')} />}
    </Stack>
  );
}

/** The vehicle's group by name; '' when it has none or the groups are not known. */
const groupNameOf = (vehicle: Vehicle, groups: Group[] | undefined) => (vehicle.groupId ? (groups?.find((group) => group.id === vehicle.groupId)?.name ?? '') : '');

const plateText = (vehicle: Vehicle, none: string) => (vehicle.plate ? `${vehicle.plateState} ${vehicle.plate}`.trim() : none);

/** Desktop: one row per vehicle. */
function VehicleTable({ vehicles, groups, onOdometer, onEdit, onDelete, onHistory }: { vehicles: Vehicle[] } & RowActions) {
  const { t } = useTranslation('vehicles');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('listLabel')}>
        <TableHead>
          <TableRow>
            {(['unitNumber', 'vin', 'plate', 'fuelType', 'mpg', 'lastFix', 'status', 'cards'] as const).map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700 }}>
                {t(`columns.${column}`)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {vehicles.map((vehicle) => (
            <TableRow key={vehicle.id} data-testid="vehicle-row" data-unit={vehicle.unitNumber}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {vehicle.unitNumber}
                {groupNameOf(vehicle, groups) && (
                  <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 160 }}>
                    {t('row.group', { group: groupNameOf(vehicle, groups) })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{vehicle.vin || t('row.noVin')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{plateText(vehicle, t('row.noPlate'))}</TableCell>
              {/* The fuel and the tank in one column, as on a phone's card: ten columns and the open drawer did not fit 1280 px. */}
              <TableCell>
                {t(`fuel.${vehicle.fuelType}`)} ·{' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {t('row.tank', { gallons: formatGallons(vehicle.tankCapacityGallons) })}
                </Box>
              </TableCell>
              <TableCell>
                <MpgText vehicle={vehicle} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <LastFixText vehicle={vehicle} />
              </TableCell>
              <TableCell>
                <StatusChips vehicle={vehicle} />
              </TableCell>
              <TableCell>
                <CardLines vehicle={vehicle} />
              </TableCell>
              {/* Two buttons a line (two lines): four in a row pushed the column out of sight at 1280 px. */}
              <TableCell align="right" sx={{ width: 96, minWidth: 96 }}>
                <Tooltip title={t('actions.odometer')}>
                  <IconButton aria-label={t('actions.odometerUnit', { unit: vehicle.unitNumber })} onClick={() => onOdometer(vehicle)}>
                    <SpeedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.edit')}>
                  <IconButton aria-label={t('actions.editUnit', { unit: vehicle.unitNumber })} onClick={() => onEdit(vehicle)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('audit:history')}>
                  <IconButton aria-label={t('audit:historyOf', { name: vehicle.unitNumber })} onClick={() => onHistory(vehicle)}>
                    <HistoryIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton aria-label={t('actions.deleteUnit', { unit: vehicle.unitNumber })} onClick={() => onDelete(vehicle)} color="error">
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per vehicle, no sideways scroll. */
function VehicleCards({ vehicles, groups, onOdometer, onEdit, onDelete, onHistory }: { vehicles: Vehicle[] } & RowActions) {
  const { t } = useTranslation('vehicles');
  const line = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('listLabel')}>
      {vehicles.map((vehicle) => (
        <Card component="li" key={vehicle.id} variant="outlined" data-testid="vehicle-row" data-unit={vehicle.unitNumber}>
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere', minWidth: 0 }}>
                {vehicle.unitNumber}
              </Typography>
              <StatusChips vehicle={vehicle} />
            </Stack>
            {/* The labels take at most 35 % of the width and wrap between words ("Última posición"), so that a 17-character VIN keeps one line at 320 px. */}
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'fit-content(35%) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
              {line(t('columns.vin'), <Box component="span" sx={{ fontFamily: 'monospace' }}>{vehicle.vin || t('row.noVin')}</Box>)}
              {line(t('columns.plate'), plateText(vehicle, t('row.noPlate')))}
              {line(t('columns.fuelType'), `${t(`fuel.${vehicle.fuelType}`)} · ${t('row.tank', { gallons: formatGallons(vehicle.tankCapacityGallons) })}`)}
              {line(t('columns.mpg'), <MpgText vehicle={vehicle} />)}
              {line(t('columns.lastFix'), <LastFixText vehicle={vehicle} />)}
              {groupNameOf(vehicle, groups) && line(t('columns.group'), groupNameOf(vehicle, groups))}
              {line(t('columns.cards'), <CardLines vehicle={vehicle} />)}
            </Box>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<SpeedIcon />} onClick={() => onOdometer(vehicle)} aria-label={t('actions.odometerUnit', { unit: vehicle.unitNumber })}>
              {t('actions.odometer')}
            </Button>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => onEdit(vehicle)} aria-label={t('actions.editUnit', { unit: vehicle.unitNumber })}>
              {t('actions.edit')}
            </Button>
            <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => onHistory(vehicle)} aria-label={t('audit:historyOf', { name: vehicle.unitNumber })}>
              {t('audit:history')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => onDelete(vehicle)}
              aria-label={t('actions.deleteUnit', { unit: vehicle.unitNumber })}
            >
              {t('actions.delete')}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

/** /vehicles, company role only: the fleet's vehicles with their cards; add, edit, delete, import a CSV. */
export function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const phone = useIsPhone();
  const { data, isFetching, isError, refetch } = useGetVehiclesQuery();
  // Unit numbers in natural order: TRK-9 before TRK-10.
  const vehicles = useMemo(() => data && [...data].sort((a, b) => UNIT_ORDER.compare(a.unitNumber, b.unitNumber)), [data]);
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [historyOf, setHistoryOf] = useState<Vehicle | null>(null);
  // By id: the dialog shows the vehicle as the list refetches it (its MPG after a reading).
  const [odometerOf, setOdometerOf] = useState<number | null>(null);
  const odometerVehicle = vehicles?.find((vehicle) => vehicle.id === odometerOf);
  const openOdometer = (vehicle: Vehicle) => setOdometerOf(vehicle.id);
  const [importing, setImporting] = useState(false);
  const groups = useGetGroupsQuery(undefined, { skip: !usePermissions().can('groups.read') }).data;

  let body;
  if (!vehicles && isError) body = <LoadError onRetry={refetch} retrying={isFetching} />;
  else if (!vehicles) body = <LoadingRows rows={4} height={phone ? 160 : 40} />;
  else if (vehicles.length === 0) body = <EmptyState testId="vehicles-empty">{t('empty')}</EmptyState>;
  else if (phone) body = <VehicleCards vehicles={vehicles} groups={groups} onOdometer={openOdometer} onEdit={setEditing} onDelete={setDeleting} onHistory={setHistoryOf} />;
  else body = <VehicleTable vehicles={vehicles} groups={groups} onOdometer={openOdometer} onEdit={setEditing} onDelete={setDeleting} onHistory={setHistoryOf} />;

  return (
    <Page title={t('title')} maxWidth="lg" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        <Typography color="textSecondary">{t('intro')}</Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('actions.add')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
        </Stack>
        <Box aria-busy={isFetching}>{body}</Box>
      </Stack>
      {editing && <VehicleDialog vehicle={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {odometerVehicle && <OdometerDialog vehicle={odometerVehicle} onClose={() => setOdometerOf(null)} />}
      {deleting && <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />}
      {historyOf && (
        <HistoryDialog objectType="vehicle" objectId={String(historyOf.id)} title={t('audit:historyOf', { name: historyOf.unitNumber })}
          onClose={() => setHistoryOf(null)} />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Page>
  );
}
