import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Sex codes as the old clients send them. '0' is also the value of an unset field. */
export const SEX_CODES = ['0', '1', '3', '4'] as const;
export type SexCode = (typeof SEX_CODES)[number];

@Entity({ name: 'profiles' })
export class Profile {
  @PrimaryGeneratedColumn()
  id: number;

  /** The owner's user id (`userProfile` on the wire). */
  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'nick_name', type: 'varchar', length: 20 })
  nickName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  caption: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  birthday: string | null;

  @Column({ type: 'varchar', length: 1, default: '0' })
  sex: string;

  /** Storage keys of the avatar and the background image. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  img: string | null;

  @Column({ name: 'img_background', type: 'varchar', length: 300, nullable: true })
  imgBackground: string | null;

  /** False from the account's deletion request on: the profile disappears from every list at once. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ name: 'created_on', type: 'timestamptz' })
  createdOn: Date;

  /** Segmented words of nickname and caption; a generated tsvector beside it is GIN-indexed. */
  @Column({ name: 'search_text', type: 'text', default: '', select: false })
  searchText: string;
}
