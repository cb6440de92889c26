<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="52" tileheight="60" tilecount="24" columns="8">
 <image source="terrain.png" width="416" height="180"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="cave_floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="rock"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="beach"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="sand_slope"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="marsh"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="unstable_marsh"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="trees"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="stairs"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="steep_stairs"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="embankment"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="wooden_bridge"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="stone_bridge"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="demolished_bridge"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="landing_stage"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="building_floor"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="trapdoor"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="nest_floor"/>
  </properties>
 </tile>
</tileset>
