<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="collection" tilewidth="14" tileheight="12" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="kind" value="pieces"/>
 </properties>
 <tile id="0" type="tower">
  <properties>
   <property name="Biome" type="class" propertytype="demo::Biome">
    <properties>
     <property name="move_cost" type="int" value="2"/>
     <property name="ty" propertytype="demo::BiomeType" value="Plain"/>
    </properties>
   </property>
  </properties>
  <image source="collection/a.png" width="14" height="12"/>
  <objectgroup draworder="index" id="2">
   <object id="1" x="2" y="2.5" width="10" height="7"/>
   <object id="2" x="1" y="1">
    <polygon points="0,0 5,-2 6,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1">
  <image source="collection/b.png" width="14" height="12"/>
  <animation>
   <frame tileid="0" duration="200"/>
   <frame tileid="1" duration="150"/>
  </animation>
 </tile>
 <tile id="3">
  <image source="collection/c.png" width="14" height="12"/>
 </tile>
</tileset>
