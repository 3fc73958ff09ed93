import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A tag of Books, in one language. */
@Entity({ name: 'attributes' })
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'attribute_name', type: 'varchar', length: 50 })
  attributeName: string;

  @Column({ type: 'varchar', length: 2 })
  language: string;

  @CreateDateColumn({ name: 'created_on', type: 'timestamptz' })
  createdOn: Date;

  @Column({ name: 'search_text', type: 'text', default: '', select: false })
  searchText: string;
}
