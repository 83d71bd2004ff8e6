export interface AdminRegion {
  id: number;
  name: string;
  /** Short code such as 'TR', 'US', 'EU'; unique. */
  code: string;
  isActive: boolean;
  /** The game currency's name in this region; empty means each product's own. */
  gameCurrency: string;
  /** An emoji or an image URL; empty shows the global flag. */
  flag: string;
  createdAt: string;
}
