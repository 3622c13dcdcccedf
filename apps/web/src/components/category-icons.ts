import type { CategoryIcon } from '@staybook/domain/categories';
import type { IconType } from 'react-icons';
import { BsSnow } from 'react-icons/bs';
import { FaSkiing } from 'react-icons/fa';
import {
  GiBarn,
  GiBoatFishing,
  GiCactus,
  GiCastle,
  GiCaveEntrance,
  GiForestCamp,
  GiIsland,
  GiWindmill,
} from 'react-icons/gi';
import { IoDiamond } from 'react-icons/io5';
import { MdOutlineVilla } from 'react-icons/md';
import { TbBeach, TbMountain, TbPool } from 'react-icons/tb';

/** The domain names icons without UI code; a Record makes the compiler demand one for each. */
export const CATEGORY_ICONS: Record<CategoryIcon, IconType> = {
  beach: TbBeach,
  windmill: GiWindmill,
  modern: MdOutlineVilla,
  countryside: TbMountain,
  pool: TbPool,
  island: GiIsland,
  lake: GiBoatFishing,
  skiing: FaSkiing,
  castle: GiCastle,
  cave: GiCaveEntrance,
  camping: GiForestCamp,
  arctic: BsSnow,
  desert: GiCactus,
  barn: GiBarn,
  lux: IoDiamond,
};
