import type { AmenityIcon } from '@staybook/domain/amenities';
import type { IconType } from 'react-icons';
import { LuBath, LuFlameKindling, LuHeater, LuSiren } from 'react-icons/lu';
import {
  TbAirConditioning,
  TbAlarmSmoke,
  TbBabyCarriage,
  TbChargingPile,
  TbDesk,
  TbDeviceTv,
  TbFirstAidKit,
  TbGrill,
  TbParking,
  TbPaw,
  TbPool,
  TbToolsKitchen2,
  TbWashDry,
  TbWashMachine,
  TbWifi,
} from 'react-icons/tb';

/** The domain names amenity icons without UI code; a Record makes the compiler demand one for each. */
export const AMENITY_ICONS: Record<AmenityIcon, IconType> = {
  wifi: TbWifi,
  kitchen: TbToolsKitchen2,
  washer: TbWashMachine,
  dryer: TbWashDry,
  'air-conditioning': TbAirConditioning,
  heating: LuHeater,
  desk: TbDesk,
  tv: TbDeviceTv,
  pool: TbPool,
  bath: LuBath,
  fire: LuFlameKindling,
  grill: TbGrill,
  parking: TbParking,
  charger: TbChargingPile,
  crib: TbBabyCarriage,
  paw: TbPaw,
  'smoke-alarm': TbAlarmSmoke,
  siren: LuSiren,
  'first-aid': TbFirstAidKit,
};
